import type { SiteCatalogue } from '../zh';

/** Uploads: the upload component and the upload calls' messages (spec 5, 8) (namespace `upload`, en). */
export const upload: SiteCatalogue['upload'] = {
  /** The server's answers (UPLOADS-SERVER). */
  api: {
    format: 'The file format is incorrect. Please upload an {{types}} file format!',
    tooLarge: 'The uploaded file size cannot exceed {{n}} MB!',
    failed: 'upload failed, please retry',
    missing: 'please select upload file',
    empty: 'The file is empty. Please choose a file with content',
    nameRequired: 'Please give the file name',
    sizeRequired: 'Please give the file size',
    purposeInvalid: 'The kind of upload is not valid',
    storageInvalid: 'Only files uploaded straight to cloud storage are registered this way',
    directDisabled: 'Direct upload to cloud storage is not enabled on this site; upload through the server',
    ticketInvalid: 'This upload was not issued to you or has expired. Please upload again',
    docxOnly: 'only docx supported, save doc as docx',
    docxTooLarge: 'The document inflates past {{n}} MB and cannot be imported',
    docxUnreadable: 'This Word document cannot be read',
    docxTooComplex: 'The document is too large or too complex to import',
    docxTooManyParagraphs: 'The document has more than {{n}} paragraphs and is too large to import',
    docxTooManyCells: 'The document’s tables have more than {{n}} cells and are too large to import',
    docxTooDeep: 'The document nests tables or lists more than {{n}} levels deep and is too complex to import',
    docxBusy: 'Many documents are being imported right now. Please try again in a moment',
    notFound: 'The attachment does not exist',
    remoteImagesDropped_one:
      '{{count}} picture from another site could not be copied and was left out; the rest was saved',
    remoteImagesDropped_other:
      '{{count}} pictures from other sites could not be copied and were left out; the rest was saved',
  },
  /** The upload component's texts (EDITOR). */
  ui: {
    format: 'The file format is incorrect. Please upload an {{types}} file format!',
    tooLarge: 'The uploaded file size cannot exceed {{n}} MB!',
    tooMany: 'up to {{n}} files per upload',
    failed: 'upload failed, please retry',
    fileFailed: 'file upload failed: {{reason}}',
    directFailed: 'front-end direct OSS upload failed',
    choose: 'Upload file',
    hint_one: '{{types}}; up to {{n}} MB each, at most {{count}} file',
    hint_other: '{{types}}; up to {{n}} MB each, at most {{count}} files',
  },
};
