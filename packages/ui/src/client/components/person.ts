import type { Person } from '../types';

/** A person of the API as the page names them. */
export const who = (p: Person | undefined): string => p?.username ?? 'unknown';
