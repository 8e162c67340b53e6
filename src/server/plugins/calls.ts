import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { Call, FormFields, HandlerAnswer, ParsedInput } from '../../contract/call.ts';
import { callList, type CallName, type Calls } from '../../contract/calls.ts';
import { type MultipartForm, readMultipartForm } from './uploads.ts';

/** A request of a call, its parts typed by the call's schemas (a multipart call's form already read and checked). */
export type CallRequest<C extends Call> = FastifyRequest<{
  Params: ParsedInput<C>['params'];
  Querystring: ParsedInput<C>['query'];
  Body: ParsedInput<C>['body'];
}> &
  (C['form'] extends object ? { form: MultipartForm<FormFields<C>> } : unknown);

/** Answers the call's success (its status comes from the table), or sends a reply of its own (a file, a refusal). */
export type CallHandler<N extends CallName> = (
  request: CallRequest<Calls[N]>,
  reply: FastifyReply,
) => Promise<HandlerAnswer<Calls[N]> | FastifyReply>;

/** A handler that decides itself who may call (instead of the guard the call's access names). */
export interface AuthorizedHandler<N extends CallName> {
  authorize: preHandlerAsyncHookHandler;
  handle: CallHandler<N>;
}

/** One handler per call of the table, looked up by the call's name. */
export type Handlers = { [N in CallName]: CallHandler<N> | AuthorizedHandler<N> };

export interface RegisterCallsOptions {
  /** The guards of the calls for signed-in users and for administrators. */
  guards: { user: preHandlerAsyncHookHandler; admin: preHandlerAsyncHookHandler };
  /** The per-address limiter that the sign-in calls share (one store for all of them). */
  signInBudget: onRequestAsyncHookHandler;
}

/** The call's success status: the first 2xx of its answers, else 200. */
function successStatus(call: Call): number {
  return Object.keys(call.answers ?? {}).map(Number).find((status) => status >= 200 && status < 300) ?? 200;
}

/**
 * Register every call of the table (src/contract/calls.ts) with its handler: the method, path, schemas,
 * guard, caching and OpenAPI entry all come from the table; nothing about a call is written here twice.
 */
export function registerCalls(app: FastifyInstance, handlers: Handlers, { guards, signInBudget }: RegisterCallsOptions): void {
  for (const [name, call] of callList) {
    const entry = handlers[name] as CallHandler<CallName> | AuthorizedHandler<CallName>;
    const handle = (typeof entry === 'function' ? entry : entry.handle) as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    // The table's guards read only the token: they run before the body is read and checked, so a guest or a
    // shopper is refused (401, 403) without learning anything of an admin call's schema. A handler's own
    // authorize may look at the checked parameters, so it runs after them.
    const guard = typeof entry === 'function' && call.access !== 'public' ? guards[call.access] : undefined;
    const authorize = typeof entry === 'function' ? undefined : entry.authorize;
    const status = successStatus(call);
    const { form } = call;
    app.route({
      method: call.method,
      url: call.path,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      ...(call.signInBudget ? { onRequest: signInBudget } : {}),
      ...(guard ? { preValidation: guard as unknown as preValidationAsyncHookHandler } : {}),
      ...(authorize ? { preHandler: authorize } : {}),
      config: {
        ...(call.cache ? { cache: true } : {}),
        ...(call.holdsNoStock ? { holdsNoStock: true } : {}),
        ...(call.changesCatalogue ? { invalidatesCatalogue: true } : {}),
        ...(call.changesStock ? { movesStock: true } : {}),
      },
      schema: {
        operationId: name,
        tags: [call.tag],
        ...(call.access === 'public' ? { security: [] } : {}),
        ...(call.description ? { description: call.description } : {}),
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.body ? { body: call.body } : {}),
        ...(form ? { consumes: ['multipart/form-data'] } : {}),
        ...(call.answers ? { response: call.answers } : {}),
      },
      handler: async (request, reply) => {
        if (form) {
          const read = await readMultipartForm(request, form.file, form.maxFileBytes ? { fileSize: form.maxFileBytes } : {});
          Object.assign(request, { form: { ...read, fields: form.fields.parse(read.fields) } });
        }
        if (status !== 200) reply.code(status);
        return handle(request, reply);
      },
    });
  }
}
