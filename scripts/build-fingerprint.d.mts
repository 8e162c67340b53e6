export const STAMP: string;
export function fingerprint(): string;
export function builtIsCurrent(): boolean;
