/** What the product form sends (create and update): text as typed, the category id, shipping and a photo. */
export interface ProductInput {
  name: string;
  description: string;
  price: string;
  quantity: string;
  /** The category's id. */
  category: string;
  /** At or below this stock the owner's page lists the product, as typed. */
  lowStockThreshold: string;
  /** '0' (No) or '1' (Yes), as the wire carries it. */
  shipping: '0' | '1';
  /** '1': a draft, not shown to shoppers; '0': shown. */
  draft: '0' | '1';
  /** A newly picked photo; null keeps the stored one (update) or sends none (create). */
  photo: File | null;
}

/** The multipart body of create-product and update-product; the photo only when one was picked. */
export function toProductFormData(input: ProductInput): FormData {
  const form = new FormData();
  form.set('name', input.name);
  form.set('description', input.description);
  form.set('price', input.price);
  form.set('quantity', input.quantity);
  form.set('category', input.category);
  form.set('lowStockThreshold', input.lowStockThreshold);
  form.set('shipping', input.shipping);
  form.set('draft', input.draft);
  if (input.photo) form.set('photo', input.photo, input.photo.name);
  return form;
}
