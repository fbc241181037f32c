// Strings of the upload feature (keys: upload.*).
import { registerMessages } from '../../i18n/index.ts';

registerMessages('upload', {
  en: {
    zoneLabel: 'Add documents: drop files or folders here, or press to choose files',
    dropHere: 'Drop PDFs, images or folders here',
    releaseToAdd: 'Release to add to the queue',
    hint: 'PDF, PNG, JPG, TIFF, WebP, Office · up to 200 MB each · or paste with Ctrl+V',
    chooseFiles: 'Choose files…',
    chooseFolder: 'Choose folder…',
    preparing: 'Preparing {n} file(s)…',
    rejectedTitle: '{n} file(s) not added',
    dismissOne: 'Dismiss {name}',
    nothingFound: 'No files found in what you added.',
    submitFailed: 'Could not add the files to the queue',
    added: 'Added {n} file(s) to the queue',
  },
  'zh-CN': {
    zoneLabel: '添加文档：将文件或文件夹拖放到此处，或按下以选择文件',
    dropHere: '将 PDF、图片或文件夹拖放到此处',
    releaseToAdd: '松开即可加入队列',
    hint: 'PDF、PNG、JPG、TIFF、WebP、Office · 每个文件不超过 200 MB · 也可按 Ctrl+V 粘贴',
    chooseFiles: '选择文件…',
    chooseFolder: '选择文件夹…',
    preparing: '正在准备 {n} 个文件…',
    rejectedTitle: '{n} 个文件未添加',
    dismissOne: '忽略 {name}',
    nothingFound: '所添加的内容中没有找到文件。',
    submitFailed: '无法将文件加入队列',
    added: '已将 {n} 个文件加入队列',
  },
});
