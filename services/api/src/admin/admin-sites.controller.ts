import { Body, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { HttpResponse } from '../common/http';
import {
  adminSiteSchema,
  agentTokenSchema,
  siteCreateBody,
  siteUpdateBody,
  type AdminSite,
  type AgentTokenAnswer,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { OwnersOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AdminSitesService, sitesListQuery } from './admin-sites.service';
import { ListRoute, sendPage } from '../resources/list-query';
import { AdminResourceController } from '../resources/resource-reads';
import type { z } from 'zod';

/** The dashboard's `sites` resource (docs/admin-api.md): owners create and edit; an admin reads theirs. */
@AdminResourceController('sites')
export class AdminSitesController {
  constructor(private readonly sites: AdminSitesService) {}

  @ListRoute(sitesListQuery, adminSiteSchema)
  async list(
    @CurrentUser() user: User,
    @Query() query: z.output<typeof sitesListQuery>,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<AdminSite[]> {
    return sendPage(response, 'sites', await this.sites.list(user, query));
  }

  @Get(':id')
  @ResponseSchema(adminSiteSchema)
  getOne(@CurrentUser() user: User, @Param('id') id: string): Promise<AdminSite> {
    return this.sites.get(user, id);
  }

  /** A new site (owners): its slug becomes its id; it starts with two courts and the spec's rules. */
  @Post()
  @OwnersOnly()
  @BodySchema(siteCreateBody)
  @ResponseSchema(adminSiteSchema)
  create(@CurrentUser() user: User, @Body() body: Parsed<typeof siteCreateBody>): Promise<AdminSite> {
    return this.sites.create(user, body);
  }

  /** Name, time zone, address (owners); the slug never changes (agents name their site by it). */
  @Put(':id')
  @OwnersOnly()
  @BodySchema(siteUpdateBody)
  @ResponseSchema(adminSiteSchema)
  update(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof siteUpdateBody>,
  ): Promise<AdminSite> {
    return this.sites.update(user, id, body);
  }

  /** The site's new agent token, shown this once; the old one stops working at once (owners). */
  @Post(':id/agent-token')
  @OwnersOnly()
  @HttpCode(200)
  @ResponseSchema(agentTokenSchema)
  agentToken(@CurrentUser() user: User, @Param('id') id: string): Promise<AgentTokenAnswer> {
    return this.sites.issueAgentToken(user, id);
  }
}
