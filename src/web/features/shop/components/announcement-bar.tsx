import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useShopContent } from '../api/get-shop-content.ts';
import './announcement-bar.css';

/** The owner's announcement above the header, on every shop page while it is on. */
export function AnnouncementBar() {
  const announcement = useShopContent().data?.details.announcement;
  if (!announcement?.on || !announcement.text) return null;
  return (
    <aside className="announcement-bar" aria-label="Announcement">
      <p>
        {announcement.link ? <ShopLink to={announcement.link}>{announcement.text}</ShopLink> : announcement.text}
      </p>
    </aside>
  );
}
