import { Module } from '@nestjs/common';
import { AdminActions } from './admin-actions.service';

/** The admin-actions log (table admin_actions): what admins did that moved no device. */
@Module({
  providers: [AdminActions],
  exports: [AdminActions],
})
export class AuditModule {}
