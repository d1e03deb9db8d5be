import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Site } from './site.entity';
import { SitesService } from './sites.service';

/** The install's sites (table sites, site_admins) and which one each request acts on. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Site])],
  providers: [SitesService],
  exports: [SitesService],
})
export class SitesModule {}
