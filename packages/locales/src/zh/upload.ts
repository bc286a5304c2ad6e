/** Uploads: the upload component and the upload calls' messages (spec 5, 8) (namespace `upload`, zh). */
export const upload = {
  /** The server's answers (UPLOADS-SERVER). */
  api: {
    format: '文件格式不正确，请上传 {{types}} 格式的文件！',
    tooLarge: '上传文件大小不能超过 {{n}} MB！',
    failed: '上传失败，请重试',
    missing: '请选择上传文件',
    empty: '文件是空的，请选择有内容的文件',
    nameRequired: '请提供文件名',
    sizeRequired: '请提供文件大小',
    purposeInvalid: '上传类型不正确',
    storageInvalid: '只有直传到云存储的文件可以这样登记',
    directDisabled: '本站未开启云存储直传，请通过服务器上传',
    ticketInvalid: '这次上传不是发给你的，或已过期，请重新上传',
    docxOnly: '仅支持 docx，请将 doc 另存为 docx',
    docxTooLarge: '文档解压后超过 {{n}} MB，无法导入',
    docxUnreadable: '无法读取这个 Word 文档',
    docxTooComplex: '文档过大或过于复杂，无法导入',
    docxTooManyParagraphs: '文档超过 {{n}} 个段落，过大，无法导入',
    docxTooManyCells: '文档的表格超过 {{n}} 个单元格，过大，无法导入',
    docxTooDeep: '文档的表格或列表嵌套超过 {{n}} 层，过于复杂，无法导入',
    docxBusy: '当前导入的文档较多，请稍后再试',
    notFound: '附件不存在',
    remoteImagesDropped: '有 {{n}} 张其他网站的图片无法复制，已从内容中移除；其余内容已保存',
  },
  /** The upload component's texts (EDITOR). */
  ui: {
    format: '文件格式不正确，请上传 {{types}} 格式的文件！',
    tooLarge: '上传文件大小不能超过 {{n}} MB！',
    tooMany: '每次最多上传 {{n}} 个文件',
    failed: '上传失败，请重试',
    fileFailed: '文件上传失败：{{reason}}',
    directFailed: '前端直传 OSS 失败',
    choose: '上传文件',
    hint: '支持 {{types}}，单个文件不超过 {{n}} MB，最多 {{count}} 个',
  },
} as const;
