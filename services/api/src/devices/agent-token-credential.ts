import { Injectable, OnModuleInit } from '@nestjs/common';
import { FleetError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { ServerCredentials } from '../common/server-credentials';
import { AgentTokens } from './agent-tokens';

/**
 * An agent's HTTP calls' credential (the 'agent-token' of @ServerCall): its site's token as a bearer,
 * the site in X-Kort-Site, checked as the /edge socket checks them (AgentTokens.authenticate);
 * 401 otherwise, before anything else is read.
 */
@Injectable()
export class AgentTokenCredential implements OnModuleInit {
  constructor(
    private readonly credentials: ServerCredentials,
    private readonly tokens: AgentTokens,
  ) {}

  onModuleInit(): void {
    this.credentials.register('agent-token', async (request) => {
      const authorization = request.headers.authorization;
      const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
      if (typeof (await this.tokens.authenticate(request.headers['x-kort-site'], token)) === 'string') return;
      throw new KortError(FleetError.AgentRefused);
    });
  }
}
