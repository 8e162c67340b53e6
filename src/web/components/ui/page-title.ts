import { useEffect } from 'react';

/**
 * The shop's name (SHOP_NAME): the server writes it into each page's Open Graph tags; "Emporium" where it
 * did not (the development server, a not-found page).
 */
export const SHOP_NAME =
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content) ||
  'Emporium';

/** Each page has its own title: "{title} - {shop name}". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SHOP_NAME}` : `${SHOP_NAME} - Shop online`;
  }, [title]);
}
