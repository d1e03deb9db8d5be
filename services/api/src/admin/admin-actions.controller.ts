import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminAction, adminActionSchema, AdminError } from '@kort/contracts';
import { ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { actionsListQuery, AdminActionLog } from './admin-action-log.service';
import { ListRoute, sendPage } from './list-query';
import { intId } from './record-id';

/** The dashboard's `actions` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/actions')
@AdminOnly()
export class AdminActionsController {
  constructor(private readonly actions: AdminActionLog) {}

  /**
   * Admin actions that move no device (blocks, restores, shelf marks, cancellations, settings),
   * newest first by default. Filters: id, action, admin_id, target_type, target_id, from, to.
   */
  @ListRoute(actionsListQuery, adminActionSchema)
  async list(
    @Query() query: Parsed<typeof actionsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminAction[]> {
    return sendPage(response, 'actions', await this.actions.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminActionSchema)
  getOne(@Param('id') id: string): Promise<AdminAction> {
    return this.actions.get(intId(id, AdminError.ActionNotFound));
  }
}
