import { useQuery } from '@tanstack/react-query';
import { productQuery } from '../../features/products/api/get-product.ts';

/** GET get-product/{slug}, always fresh on opening: the form is filled from what is stored now. */
export const useAdminProduct = (slug: string) => useQuery({ ...productQuery(slug), staleTime: 0 });
