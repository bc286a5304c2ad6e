import { createContext } from 'react';

/**
 * Whether a server render drew any antd part (`PortalAntd` marks it): the server entry links antd's
 * stylesheet only then, so a page without antd components has one render-blocking stylesheet, not two.
 */
export interface AntdUsage {
  rendered: boolean;
}

export const AntdUsageContext = createContext<AntdUsage | null>(null);
