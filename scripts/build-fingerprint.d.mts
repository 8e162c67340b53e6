export const STAMP: string;
export function fingerprint(): string;
export function stampIs(current: string): boolean;
export function builtIsCurrent(): boolean;
