import { useEffect } from 'react';

export const SHOP_NAME = 'Emporium';

/** Each page has its own title: "{title} - Emporium". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SHOP_NAME}` : `${SHOP_NAME} - Shop online`;
  }, [title]);
}
