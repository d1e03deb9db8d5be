import { Injectable } from '@nestjs/common';
import type { HttpRequest } from './http';
import type { ServerCredential } from './route-policy';

/** Passes a caller that proves the credential; throws its refusal (a KortError) otherwise. */
export type CredentialCheck = (request: HttpRequest) => void | Promise<void>;

/**
 * The checks of the @ServerCall routes' credentials, registered at init by the feature that knows
 * each one (telegram/, payments/, releases/) and run by the request gate (auth/request-gate.ts),
 * which knows none of those features.
 */
@Injectable()
export class ServerCredentials {
  private readonly checks = new Map<ServerCredential, CredentialCheck>();

  register(credential: ServerCredential, check: CredentialCheck): void {
    this.checks.set(credential, check);
  }

  async verify(credential: ServerCredential, request: HttpRequest): Promise<void> {
    const check = this.checks.get(credential);
    // A route whose feature registered no check is refused, never let through.
    if (!check) throw new Error(`no check is registered for the server credential ${credential}`);
    await check(request);
  }
}
