/** `/cn/subject/info/3`: a topic's page. */
export const topicPath = (prefix: string, ttId: number) => `/${prefix}/subject/info/${ttId}`;

/** `/cn/subject/activeList/3`: the events attached to a topic (spec 2, decision 030). */
export const topicActivitiesPath = (prefix: string, ttId: number) => `/${prefix}/subject/activeList/${ttId}`;
