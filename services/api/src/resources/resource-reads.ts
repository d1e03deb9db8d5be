import { applyDecorators, Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import type { z } from 'zod';
import type { AdminResource } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRef } from '../common/site-ref';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { ListRoute, sendPage } from './list-query';
import type { Page } from './sql-list';

/**
 * How a resource is read: a page of a list query, and one record by the id in its path, both of
 * the site the dashboard chose. A record of another site is not found (the resource's 404).
 */
export interface ResourceReader<Row, Query> {
  list(query: Query, site: SiteRef): Promise<Page<Row>>;
  get(id: string, site: SiteRef): Promise<Row>;
}

/**
 * The read routes of a dashboard resource in ra-data-simple-rest's convention (docs/admin-api.md):
 * `GET /api/admin/<resource>` (getList, getMany with `filter={"id":[…]}`, getManyReference) and
 * `GET /api/admin/<resource>/:id`, of the site the dashboard chose (`?site_id=`, decided by the
 * request gate). A resource's controller extends the class this returns, gives its reader to the
 * constructor, and adds the routes that write.
 */
export function ResourceReads<Row, Query extends z.ZodObject>(
  resource: AdminResource,
  query: Query,
  record: z.ZodType,
) {
  abstract class Reads {
    constructor(readonly reader: ResourceReader<Row, z.output<Query>>) {}

    @ListRoute(query, record)
    async list(
      @Query() parsed: z.output<Query>,
      @Res({ passthrough: true }) response: HttpResponse,
      @CurrentSite() site: SiteRecord,
    ): Promise<Row[]> {
      return sendPage(response, resource, await this.reader.list(parsed, site));
    }

    @Get(':id')
    @ResponseSchema(record)
    getOne(@Param('id') id: string, @CurrentSite() site: SiteRecord): Promise<Row> {
      return this.reader.get(id, site);
    }
  }
  return Reads;
}

/** How a resource's record is created at the site the dashboard chose, by the admin signed in. */
export interface ResourceCreator<Row, Input> {
  create(body: Input, site: SiteRef, admin: User): Promise<Row>;
}

/**
 * `ResourceReads` and the create route of ra-data-simple-rest's convention: `POST
 * /api/admin/<resource>` with a body `body` parses (a 400 with the field's `detail` otherwise),
 * answered with the created record. The controller's constructor gives one object that reads and
 * creates; other writes stay routes of its own.
 */
export function ResourceReadsAndCreates<Row, Query extends z.ZodObject, Input extends z.ZodType>(
  resource: AdminResource,
  query: Query,
  record: z.ZodType,
  body: Input,
) {
  abstract class ReadsAndCreates extends ResourceReads<Row, Query>(resource, query, record) {
    constructor(readonly access: ResourceReader<Row, z.output<Query>> & ResourceCreator<Row, z.output<Input>>) {
      super(access);
    }

    @Post()
    @BodySchema(body)
    @ResponseSchema(record)
    create(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Body() parsed: z.output<Input>): Promise<Row> {
      return this.access.create(parsed, site, admin);
    }
  }
  return ReadsAndCreates;
}

/** A dashboard resource's controller: `/api/admin/<resource>`, admins only. */
export const AdminResourceController = (resource: AdminResource) =>
  applyDecorators(ApiTags('admin'), Controller(`admin/${resource}`), AdminOnly());
