import { Module } from '@nestjs/common';
import { InstallHeartbeat } from './install-heartbeat';

/** The install's mark beside its Redis keys, kept fresh while the API runs (install-identity.ts). */
@Module({ providers: [InstallHeartbeat] })
export class InstallModule {}
