/** Uploads: the upload component and the upload calls' messages (spec 5, 8) (namespace `upload`, zh). */
export const upload = {} as const;
