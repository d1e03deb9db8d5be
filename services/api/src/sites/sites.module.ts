import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { Site } from './site.entity';
import { AdminRoles } from './site-roles';
import { SitesService } from './sites.service';

/** The install's sites (table sites, site_admins), which one each request acts on, and who runs which. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Site]), AuditModule, UsersModule],
  providers: [SitesService, AdminRoles],
  exports: [SitesService, AdminRoles],
})
export class SitesModule {}
