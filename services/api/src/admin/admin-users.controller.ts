import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminError, type AdminUser, adminUserSchema, adminUserUpdate } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AdminUsersService, usersListQuery } from './admin-users.service';
import { ListRoute, sendPage } from './list-query';
import { intId } from './record-id';

/** The dashboard's `users` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** getList, getMany (`filter={"id":[…]}`) and getManyReference. Filters: id, q, role, blocked, deleted. */
  @ListRoute(usersListQuery, adminUserSchema)
  async list(
    @Query() query: Parsed<typeof usersListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminUser[]> {
    return sendPage(response, 'users', await this.users.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminUserSchema)
  getOne(@Param('id') id: string): Promise<AdminUser> {
    return this.users.get(intId(id, AdminError.UserNotFound));
  }

  /** `blocked`: true blocks (as delete_user), false restores; `is_sport_school`. Other fields are ignored. */
  @Put(':id')
  @BodySchema(adminUserUpdate)
  @ResponseSchema(adminUserSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminUserUpdate>,
  ): Promise<AdminUser> {
    return this.users.update(admin, intId(id, AdminError.UserNotFound), body);
  }
}
