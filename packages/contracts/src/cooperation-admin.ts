import { siteImageDataSchema, type SiteImageUploadCall } from './banners';
import { permission } from './call';
import { PERMISSIONS } from './permissions';

/**
 * A cooperation page's cover (decision 045): the banners' image upload, with the cooperation
 * permission. Apart from `cooperation.ts`, which the public cooperation pages import.
 */
export const uploadCooperationCover: SiteImageUploadCall = {
  id: 'admin.cooperation.uploadCover',
  scope: 'site',
  path: '/admin/cooperation/uploadCover',
  field: 'file',
  write: true,
  access: permission(PERMISSIONS.cooperationManage),
  purpose: 'cooperationCover',
  folder: 'site',
  data: siteImageDataSchema,
};
