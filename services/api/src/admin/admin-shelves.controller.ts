import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminShelf, adminShelfSchema, adminShelfUpdate, ShelfError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AdminShelvesService, shelvesListQuery } from './admin-shelves.service';
import { ListRoute, sendPage } from './list-query';
import { intId } from './record-id';

/** The dashboard's `shelves` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/shelves')
@AdminOnly()
export class AdminShelvesController {
  constructor(private readonly shelves: AdminShelvesService) {}

  /** Filters: id, kind, status, is_blocked, needs_clearing, renter_id. */
  @ListRoute(shelvesListQuery, adminShelfSchema)
  async list(
    @Query() query: Parsed<typeof shelvesListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminShelf[]> {
    return sendPage(response, 'shelves', await this.shelves.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminShelfSchema)
  getOne(@Param('id') id: string): Promise<AdminShelf> {
    return this.shelves.get(intId(id, ShelfError.NotFound));
  }

  /** `is_blocked` and `needs_clearing` (false once cleared); other fields are ignored. */
  @Put(':id')
  @BodySchema(adminShelfUpdate)
  @ResponseSchema(adminShelfSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminShelfUpdate>,
  ): Promise<AdminShelf> {
    return this.shelves.update(admin, intId(id, ShelfError.NotFound), body);
  }
}
