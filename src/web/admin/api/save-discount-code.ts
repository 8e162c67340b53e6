import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { discountCodeInput } from '../../../contract/discount.ts';
import { api } from '../../lib/api-client.ts';

export type DiscountCodeBody = z.input<typeof discountCodeInput>;

/** POST admin/discount-codes (a new code) or PUT admin/discount-codes/{id} (its rules, or `disabled`). */
export const saveDiscountCode = ({ id, body }: { id: string | null; body: DiscountCodeBody }) =>
  id === null ? api.call('createDiscountCode', { body }) : api.call('updateDiscountCode', { params: { id }, body });

export const useSaveDiscountCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['discount-codes', 'save'],
    mutationFn: saveDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discount-codes'] }),
  });
};
