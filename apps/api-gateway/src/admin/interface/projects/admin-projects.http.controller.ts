import { Body, Get, HttpCode, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { AdminDocs } from '../admin.openapi';
import { ApiDoc } from '../../../http/interface/openapi/api-doc.decorator';
import { AdminNotFound } from '../../../shared/application/admin-errors';
import { CreateProjectUseCase } from '../../../project/application/create-project/create-project.use-case';
import { GetProjectUseCase } from '../../../project/application/get-project/get-project.use-case';
import { RotateProjectKeysUseCase } from '../../../project/application/rotate-project-keys/rotate-project-keys.use-case';
import { UpdateProjectUseCase } from '../../../project/application/update-project/update-project.use-case';
import { CreateProjectDto } from './dto/create-project.dto';
import { RotateKeysDto } from './dto/rotate-keys.dto';
import { UpdateProjectDto } from './dto/update-project.dto';
import { toProjectResponse } from './project.response';
import { AdminController } from '../admin-controller.decorator';

@AdminController('admin/v1/projects')
export class AdminProjectsHttpController {
  constructor(
    private readonly createProject: CreateProjectUseCase,
    private readonly getProject: GetProjectUseCase,
    private readonly updateProject: UpdateProjectUseCase,
    private readonly rotateKeys: RotateProjectKeysUseCase,
  ) {}

  @Post()
  @ApiDoc(AdminDocs.createProject)
  async create(@Body() body: CreateProjectDto) {
    const project = await this.createProject.execute(body);
    return toProjectResponse(project, { withPrivateKey: true });
  }

  @Get(':id')
  @ApiDoc(AdminDocs.getProject)
  async get(@Param('id', ParseIntPipe) id: number) {
    const project = await this.getProject.execute(id);
    if (!project) throw AdminNotFound('project', id);
    return toProjectResponse(project, { withPrivateKey: false });
  }

  @Patch(':id')
  @ApiDoc(AdminDocs.updateProject)
  async update(@Param('id', ParseIntPipe) id: number, @Body() body: UpdateProjectDto) {
    const project = await this.updateProject.execute({ id, ...body });
    if (!project) throw AdminNotFound('project', id);
    return toProjectResponse(project, { withPrivateKey: false });
  }

  @Post(':id/rotate-keys')
  @ApiDoc(AdminDocs.rotateKeys)
  @HttpCode(200)
  async rotate(@Param('id', ParseIntPipe) id: number, @Body() body: RotateKeysDto = {}) {
    const project = await this.rotateKeys.execute(id, { revokePrevious: body?.revokePrevious });
    if (!project) throw AdminNotFound('project', id);
    return toProjectResponse(project, { withPrivateKey: true });
  }
}
