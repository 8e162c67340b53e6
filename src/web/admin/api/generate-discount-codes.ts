import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { discountBatchInput } from '../../../contract/discount.ts';
import { api } from '../../lib/api-client.ts';

/** POST admin/discount-codes/batch: `count` unique random codes with the same rules; answers the codes. */
export const generateDiscountCodes = (body: z.input<typeof discountBatchInput>) => api.call('generateDiscountCodes', { body });

export const useGenerateDiscountCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['discount-codes', 'batch'],
    mutationFn: generateDiscountCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discount-codes'] }),
  });
};
