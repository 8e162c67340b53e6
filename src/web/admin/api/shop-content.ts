import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopContentResponse, ShopDetailsBody } from '../../../contract/shop-content.ts';
import { api } from '../../lib/api-client.ts';

/*
 * The owner's writes of the shop's words and banners. Each answer is the new state: it replaces the
 * shop-content query's data at once (the storefront's pages read the same query).
 */

type Content = ShopContentResponse;
const KEY = ['shop-content'];

/** PUT shop/details: the fields sent are replaced, the others kept. */
export const updateShopDetails = (body: ShopDetailsBody) => api.call('updateShopDetails', { body });

export const useUpdateShopDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shop-content', 'details'],
    mutationFn: updateShopDetails,
    onSuccess: (answer) => queryClient.setQueryData<Content>(KEY, (old) => (old ? { ...old, details: answer.details } : old)),
  });
};

export interface BannerInput {
  heading: string;
  text: string;
  link: string;
  /** 1 = first; left out keeps the place. */
  position?: number;
  /** A new picture; null keeps the stored one (required to add). */
  image: File | null;
}

function bannerForm(input: BannerInput): FormData {
  const form = new FormData();
  form.set('heading', input.heading);
  form.set('text', input.text);
  form.set('link', input.link);
  if (input.position !== undefined) form.set('position', String(input.position));
  if (input.image) form.set('image', input.image, input.image.name);
  return form;
}

type BannerChange =
  | { kind: 'add'; input: BannerInput }
  | { kind: 'update'; id: string; input: BannerInput }
  | { kind: 'delete'; id: string };

/** POST shop/banners, PUT shop/banners/{id}, DELETE shop/banners/{id}: each answers the banners in order. */
export function changeBanner(change: BannerChange) {
  switch (change.kind) {
    case 'add':
      return api.call('addBanner', { form: bannerForm(change.input) });
    case 'update':
      return api.call('updateBanner', { params: { id: change.id }, form: bannerForm(change.input) });
    case 'delete':
      return api.call('deleteBanner', { params: { id: change.id } });
  }
}

export const useChangeBanner = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shop-content', 'banners'],
    mutationFn: changeBanner,
    onSuccess: (answer) => queryClient.setQueryData<Content>(KEY, (old) => (old ? { ...old, banners: answer.banners } : old)),
  });
};
