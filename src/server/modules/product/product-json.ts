import { product } from '../../../contract/product.ts';
import { serializerCompiler } from '../../plugins/serializer.ts';
import { toWireProduct } from './mapper.ts';
import type { ProductRow } from './repo.ts';

/**
 * A product's JSON as every answer's serializer writes it (the answer schemas' `product`): lists are written
 * from each product's kept JSON (the service's `fragments`), so the bytes are the same.
 */
const writeProductSerializer = serializerCompiler({ schema: product, method: 'GET', url: '', httpStatus: '200' });
export const writeProductJson = (row: ProductRow): string => writeProductSerializer(toWireProduct(row));
