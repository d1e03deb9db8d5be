import { Module } from '@nestjs/common';
import { AdminActions } from './admin-actions.service';

/** The admin-actions log, written by the admin services and the spec's shelf calls. */
@Module({
  providers: [AdminActions],
  exports: [AdminActions],
})
export class AdminActionsModule {}
