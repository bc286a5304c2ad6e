/** The publish-post dialog and its validation messages (spec 5) (namespace `postForm`, zh). */
export const postForm = {} as const;
