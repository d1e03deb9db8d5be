// Types of the two small HTTP packages common/http.ts uses that ship none (the versions Express 5
// itself depends on): only the calls Kort makes.

declare module 'cookie' {
  export interface SerializeOptions {
    path?: string;
    expires?: Date;
    maxAge?: number;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
  }
  export function serialize(name: string, value: string, options?: SerializeOptions): string;
}

declare module 'fresh' {
  function fresh(requestHeaders: Record<string, unknown>, responseHeaders: Record<string, unknown>): boolean;
  export default fresh;
}
