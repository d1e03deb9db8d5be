import { applyDecorators, Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import type { AdminResource } from '@kort/contracts';
import { ResponseSchema } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { ListRoute, sendPage } from './list-query';
import type { Page } from './sql-list';

/** How a resource is read: a page of a list query, and one record by the id in its path. */
export interface ResourceReader<Row, Query> {
  list(query: Query): Promise<Page<Row>>;
  get(id: string): Promise<Row>;
}

/**
 * The read routes of a dashboard resource in ra-data-simple-rest's convention (docs/admin-api.md):
 * `GET /api/admin/<resource>` (getList, getMany with `filter={"id":[…]}`, getManyReference) and
 * `GET /api/admin/<resource>/:id`. A resource's controller extends the class this returns, gives
 * its reader to the constructor, and adds the routes that write.
 */
export function ResourceReads<Row, Query extends z.ZodObject>(
  resource: AdminResource,
  query: Query,
  record: z.ZodType,
) {
  abstract class Reads {
    constructor(readonly reader: ResourceReader<Row, z.output<Query>>) {}

    @ListRoute(query, record)
    async list(@Query() parsed: z.output<Query>, @Res({ passthrough: true }) response: Response): Promise<Row[]> {
      return sendPage(response, resource, await this.reader.list(parsed));
    }

    @Get(':id')
    @ResponseSchema(record)
    getOne(@Param('id') id: string): Promise<Row> {
      return this.reader.get(id);
    }
  }
  return Reads;
}

/** A dashboard resource's controller: `/api/admin/<resource>`, admins only. */
export const AdminResourceController = (resource: AdminResource) =>
  applyDecorators(ApiTags('admin'), Controller(`admin/${resource}`), AdminOnly());
