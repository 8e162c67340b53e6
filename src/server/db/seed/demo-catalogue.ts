/**
 * The demo catalogue the server seeds into an empty database: realistic categories and products
 * spread over every price band of the shop, with a few items out of stock or nearly so.
 * Prices are in US dollars (at most 2 decimals); `quantity` is the stock on hand.
 */

export interface DemoProduct {
  name: string;
  description: string;
  price: number;
  quantity: number;
  shipping: boolean;
}

export interface DemoCategory {
  name: string;
  products: DemoProduct[];
}

export const demoCatalogue: DemoCategory[] = [
  {
    name: 'Electronics',
    products: [
      {
        name: 'Aurora Wireless Headphones',
        description:
          'Over-ear wireless headphones with active noise cancelling, plush memory-foam cushions and up to 30 hours of battery life. They fold flat for travel and pair with two devices at once.',
        price: 129,
        quantity: 42,
        shipping: true,
      },
      {
        name: 'Pulse Mini Bluetooth Speaker',
        description:
          'A palm-sized bluetooth speaker with surprisingly deep bass and a waterproof rubber shell. Clip it to a backpack and enjoy 12 hours of music on a single charge.',
        price: 39.99,
        quantity: 85,
        shipping: true,
      },
      {
        name: 'Nimbus 14 Ultrabook Laptop',
        description:
          'A slim 14-inch laptop with an aluminium body, a bright anti-glare display and an all-day battery. Comes with 16 GB of memory and a fast 512 GB SSD for work and study.',
        price: 1149,
        quantity: 3,
        shipping: true,
      },
      {
        name: 'Vertex 6 Smartphone',
        description:
          'An unlocked smartphone with a 6.1-inch OLED screen, a dual camera that shines in low light and fast wireless charging. Includes a clear protective case.',
        price: 649,
        quantity: 18,
        shipping: true,
      },
      {
        name: 'Orbit Fitness Smartwatch',
        description:
          'Track your steps, sleep and heart rate with this lightweight smartwatch. The always-on display is easy to read outdoors and the battery lasts a full week.',
        price: 199,
        quantity: 27,
        shipping: false,
      },
      {
        name: 'Volt Braided USB-C Cable',
        description:
          'A two-metre braided USB-C cable that supports fast charging and data transfer. The reinforced connectors survive thousands of bends without fraying.',
        price: 12.99,
        quantity: 150,
        shipping: false,
      },
      {
        name: 'Keystone Mechanical Keyboard',
        description:
          'A compact mechanical keyboard with tactile switches, warm white backlighting and a detachable USB-C cable. Works with Windows and Mac out of the box.',
        price: 89.99,
        quantity: 0,
        shipping: true,
      },
      {
        name: 'Halo Qi Charging Pad',
        description:
          'A slim wireless charger with a soft fabric top that powers up any Qi-compatible phone or earbuds case. A gentle light shows when charging has started.',
        price: 24.5,
        quantity: 64,
        shipping: false,
      },
    ],
  },
  {
    name: 'Books',
    products: [
      {
        name: "The Lighthouse Keeper's Daughter",
        description:
          'A sweeping paperback novel about a young woman who inherits a remote lighthouse and the family secrets hidden inside it. A perfect weekend read for fans of historical fiction.',
        price: 16.99,
        quantity: 58,
        shipping: false,
      },
      {
        name: 'Atlas of Forgotten Places',
        description:
          'A beautifully illustrated hardcover atlas of abandoned towns, lost islands and hidden ruins from every continent, with detailed maps and travel stories.',
        price: 45,
        quantity: 21,
        shipping: true,
      },
      {
        name: "Everyday Sourdough: A Baker's Guide",
        description:
          'Step-by-step recipes for crusty loaves, soft sandwich bread and weekend pastries, written for home bakers. Includes a troubleshooting chapter and a starter schedule.',
        price: 29.95,
        quantity: 36,
        shipping: true,
      },
      {
        name: 'Practical TypeScript for Busy Developers',
        description:
          'A hands-on programming book that teaches modern TypeScript through small, real projects. Covers types, generics, testing and building web servers.',
        price: 49.99,
        quantity: 14,
        shipping: true,
      },
      {
        name: 'Midnight Garden Poems',
        description:
          'A slim collection of gentle poems about night walks, moonlit gardens and quiet kitchens, printed on cream paper with delicate ink illustrations.',
        price: 12.5,
        quantity: 9,
        shipping: false,
      },
      {
        name: 'The Starfall Trilogy Box Set',
        description:
          'All three books of the award-winning fantasy adventure in a collectible box set, with hardcover editions, a fold-out map and an exclusive short story.',
        price: 64,
        quantity: 11,
        shipping: true,
      },
      {
        name: 'Sketchbook Habits: 100 Drawing Prompts',
        description:
          'A friendly paperback workbook with one hundred drawing prompts and simple exercises to build a daily sketching habit, whatever your skill level.',
        price: 19.99,
        quantity: 73,
        shipping: false,
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    products: [
      {
        name: 'Ember Ceramic Coffee Mug',
        description:
          'A hand-glazed ceramic mug that holds 350 ml of your favourite coffee or tea. Microwave and dishwasher safe, with a comfortable rounded handle.',
        price: 18,
        quantity: 120,
        shipping: false,
      },
      {
        name: 'Forge Tri-Ply Frying Pan',
        description:
          'A 28 cm frying pan made of tri-ply stainless steel that heats evenly and sears beautifully. Oven safe to 260 °C and suitable for induction hobs.',
        price: 64.95,
        quantity: 33,
        shipping: true,
      },
      {
        name: 'Brewmaster Gooseneck Kettle',
        description:
          'An electric gooseneck kettle with precise temperature control for pour-over coffee and green tea. Keeps water warm for up to an hour.',
        price: 59.99,
        quantity: 25,
        shipping: true,
      },
      {
        name: 'Cascade Espresso Machine',
        description:
          'A semi-automatic espresso machine with a 15-bar pump, a built-in grinder and a steam wand for silky milk. Make cafe-quality lattes at home.',
        price: 549,
        quantity: 0,
        shipping: true,
      },
      {
        name: 'Harvest Acacia Cutting Board',
        description:
          'A solid acacia wood cutting board with a deep juice groove and easy-grip handles. Doubles as a serving board for cheese and bread.',
        price: 34,
        quantity: 47,
        shipping: false,
      },
      {
        name: 'Nordic Linen Table Runner',
        description:
          'A stonewashed linen table runner in soft natural tones that brings a relaxed, cosy look to any dining table. Machine washable.',
        price: 27.5,
        quantity: 5,
        shipping: false,
      },
      {
        name: 'Summit Cast Iron Dutch Oven',
        description:
          'A 5.5 litre enamelled cast iron dutch oven for slow-cooked stews, braises and crusty bread. Retains heat for hours and goes from stove to table.',
        price: 99.99,
        quantity: 19,
        shipping: true,
      },
    ],
  },
  {
    name: 'Clothing',
    products: [
      {
        name: 'Meadow Everyday Crew T-Shirt',
        description:
          'A soft, breathable t-shirt made from 100% organic cotton with a relaxed fit and a ribbed crew neck. Pre-shrunk so it keeps its shape wash after wash.',
        price: 20,
        quantity: 140,
        shipping: false,
      },
      {
        name: 'Harbor Merino Wool Sweater',
        description:
          'A fine-knit merino wool sweater that is warm without being bulky. Naturally odour resistant and soft enough to wear next to the skin.',
        price: 89,
        quantity: 22,
        shipping: true,
      },
      {
        name: 'Trailhead Denim Jacket',
        description:
          'A classic denim jacket in a washed mid-blue with copper buttons and two chest pockets. Cut from sturdy cotton denim that softens with every wear.',
        price: 74.5,
        quantity: 16,
        shipping: true,
      },
      {
        name: 'Cloudstep Everyday Sneakers',
        description:
          'Lightweight knit sneakers with a cushioned foam sole and a breathable upper. Slip them on for long city walks, travel days and casual Fridays.',
        price: 100,
        quantity: 38,
        shipping: true,
      },
      {
        name: 'Coastline Linen Shirt',
        description:
          'A breezy button-down shirt in pure linen with a relaxed fit and a soft camp collar. Ideal for warm evenings and summer holidays.',
        price: 48,
        quantity: 29,
        shipping: false,
      },
      {
        name: 'Alpine Down Puffer Jacket',
        description:
          'A warm puffer jacket filled with responsibly sourced down and finished with a water-repellent shell. Packs into its own pocket for travel.',
        price: 189,
        quantity: 0,
        shipping: true,
      },
      {
        name: 'Cozy Knit Beanie',
        description:
          'A chunky ribbed beanie knitted from a soft wool and cotton blend. One size fits most and the fold-over cuff keeps your ears warm.',
        price: 15.99,
        quantity: 95,
        shipping: false,
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    products: [
      {
        name: 'Apex Adjustable Dumbbell Set',
        description:
          'A pair of adjustable dumbbells that go from 2.5 to 24 kg with a simple twist of the dial. Replaces a whole rack of weights in your home gym.',
        price: 329,
        quantity: 7,
        shipping: true,
      },
      {
        name: 'Summit Trail Backpack 30L',
        description:
          'A 30 litre hiking backpack with a waterproof cover, padded hip belt and a ventilated back panel. Plenty of pockets for snacks, maps and a rain jacket.',
        price: 84.99,
        quantity: 31,
        shipping: true,
      },
      {
        name: 'Flow Cork Yoga Mat',
        description:
          'A non-slip yoga mat with a natural cork surface that grips better as you sweat. Lightweight, easy to clean and comes with a carry strap.',
        price: 68,
        quantity: 54,
        shipping: false,
      },
      {
        name: 'Rally Pro Tennis Balls (3-Pack)',
        description:
          'Three pressurised tennis balls with a durable felt that holds up on hard courts and clay. Bright yellow for easy tracking in any light.',
        price: 8.99,
        quantity: 150,
        shipping: false,
      },
      {
        name: 'Glacier Insulated Water Bottle',
        description:
          'A 750 ml double-wall stainless steel water bottle that keeps drinks cold for 24 hours or hot for 12. Leak-proof lid and fits most cup holders.',
        price: 29,
        quantity: 110,
        shipping: false,
      },
      {
        name: 'Ridgeline Two-Person Tent',
        description:
          'A freestanding two-person tent that pitches in minutes, with a waterproof rainfly, two doors and a packed weight under 2 kg for backpacking trips.',
        price: 219,
        quantity: 4,
        shipping: true,
      },
      {
        name: 'Striker Match Football',
        description:
          'A size 5 match football with a thermo-bonded cover for a true flight and a soft touch. Built for training sessions and weekend league games.',
        price: 32,
        quantity: 67,
        shipping: false,
      },
      {
        name: 'Velocity Speed Jump Rope',
        description:
          'A lightweight speed jump rope with ball-bearing handles and an adjustable steel cable. Great for cardio, boxing drills and warm-ups.',
        price: 14.5,
        quantity: 88,
        shipping: false,
      },
    ],
  },
  {
    name: 'Beauty',
    products: [
      {
        name: 'Dewdrop Hydrating Face Serum',
        description:
          'A lightweight serum with hyaluronic acid and niacinamide that plumps and hydrates dry skin. Fragrance free and suitable for sensitive skin.',
        price: 38,
        quantity: 76,
        shipping: false,
      },
      {
        name: 'Velvet Matte Lipstick',
        description:
          'A creamy matte lipstick with rich colour that lasts all day without drying your lips. Enriched with shea butter and vitamin E.',
        price: 22,
        quantity: 102,
        shipping: false,
      },
      {
        name: 'Rosewater Facial Mist',
        description:
          'A refreshing facial mist made with pure rose water and aloe vera. Spritz over make-up or bare skin for an instant dewy glow.',
        price: 14,
        quantity: 2,
        shipping: false,
      },
      {
        name: 'Botanica Argan Hair Oil',
        description:
          'A nourishing hair oil with cold-pressed argan and camellia oils that tames frizz and adds shine without weighing hair down.',
        price: 26.5,
        quantity: 61,
        shipping: false,
      },
      {
        name: 'Silk Glow Ionic Hair Dryer',
        description:
          'A powerful ionic hair dryer with three heat settings, a cool shot button and a concentrator nozzle for smooth, frizz-free blow-outs at home.',
        price: 84.95,
        quantity: 12,
        shipping: true,
      },
      {
        name: 'Solstice Eau de Parfum',
        description:
          'A warm, luminous fragrance with notes of bergamot, jasmine and sandalwood in an elegant 50 ml glass bottle. Long lasting and made for evenings out.',
        price: 92,
        quantity: 15,
        shipping: true,
      },
      {
        name: 'Cedar & Sage Grooming Kit',
        description:
          'A gift-ready grooming kit with beard oil, face wash and moisturiser scented with cedarwood and sage. Packed in a reusable cotton pouch.',
        price: 62,
        quantity: 24,
        shipping: true,
      },
      {
        name: 'Nightshift Retinol Night Cream',
        description:
          'A rich overnight moisturiser with gentle encapsulated retinol that smooths fine lines while you sleep. Dermatologist tested for all skin types.',
        price: 44,
        quantity: 39,
        shipping: false,
      },
    ],
  },
  {
    name: 'Toys & Games',
    products: [
      {
        name: 'Rainbow Stacking Blocks',
        description:
          'A set of 24 colourful wooden blocks in smooth, child-safe paint. Stack, sort and build towers while learning shapes and colours.',
        price: 24.99,
        quantity: 57,
        shipping: false,
      },
      {
        name: 'Barnaby the Plush Teddy Bear',
        description:
          'A huggable teddy bear with extra-soft fur, embroidered eyes and a little bow tie. Machine washable and safe from birth.',
        price: 19.5,
        quantity: 83,
        shipping: false,
      },
      {
        name: 'Castle Quest Board Game',
        description:
          'A cooperative board game where 2 to 5 players explore a haunted castle, solve puzzles and escape before midnight. Games last about 45 minutes.',
        price: 44.99,
        quantity: 0,
        shipping: true,
      },
      {
        name: 'Galaxy Explorer Building Set',
        description:
          'A 780-piece building set to create a space shuttle, a moon rover and a launch tower, with two astronaut figures. Compatible with major brick brands.',
        price: 79.99,
        quantity: 20,
        shipping: true,
      },
      {
        name: 'Puzzle Peaks 1000-Piece Jigsaw',
        description:
          'A 1000-piece jigsaw puzzle of snowy mountain peaks at sunrise, printed on thick recycled board with a linen finish that reduces glare.',
        price: 17.99,
        quantity: 44,
        shipping: false,
      },
      {
        name: 'Zoom Remote Control Racer',
        description:
          'A fast remote control car with all-terrain tyres, a rechargeable battery and a range of 50 metres. Reaches speeds of up to 25 km/h.',
        price: 64,
        quantity: 26,
        shipping: true,
      },
      {
        name: 'Tiny Chef Play Kitchen',
        description:
          'A wooden play kitchen with a clicking oven, a sink, a little microwave and storage shelves. Comes with pots, pans and utensils for endless pretend play.',
        price: 139,
        quantity: 8,
        shipping: true,
      },
    ],
  },
];

export interface DemoBanner {
  heading: string;
  text: string;
  /** A path of the shop (a category's page), or '' for none. */
  link: string;
}

/** The demo shop's home banners, in order; their pictures are drawn (renderBannerImage, by position). */
export const demoBanners: DemoBanner[] = [
  { heading: 'New season, new favourites', text: 'Fresh arrivals across every category.', link: '' },
  { heading: 'Free delivery on big days', text: 'Many items ship free. Pay when it arrives.', link: '' },
  { heading: 'Gadgets that just work', text: 'Headphones, phones and more, hand-picked.', link: '/category/electronics' },
  { heading: 'Make home lovely', text: 'Kitchen, décor and everyday comforts.', link: '/category/home-and-kitchen' },
];
