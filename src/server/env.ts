import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().startsWith('postgres').optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h, 30m')
    .default('7d'),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  ADMIN_NAME: z.string().default('Administrator'),
  SEED_DEMO: flag(true),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: flag(false),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
});

export type Env = z.infer<typeof envSchema>;

/** Parse the environment once; a bad value stops the server with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (Boolean(result.data.ADMIN_EMAIL) !== Boolean(result.data.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return result.data;
}

/** An environment for tests and tools: the defaults plus the given overrides. */
export function testEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...overrides });
}
