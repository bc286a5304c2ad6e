import Popconfirm from 'antd/es/popconfirm';
import { withPortalAntd } from '~/lib/PortalAntd';

/** antd's Popconfirm with the portal's theme and language: the lazy chunk of `ConfirmAction`. */
export default withPortalAntd(Popconfirm);
