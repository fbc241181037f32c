// Chinese held-out-like documents: a two-column journal paper (标题, 摘要, 一、/（一） headings, justified
// text, a ruled table in a column, footnote, page header), a single-column report with 第一章 chapters and a borderless table, and a
// bilingual technical note mixing Chinese prose with English terms and a ruled table with a row span.
import { mixedText, zhText } from './prose.ts';
import { rowsOf, type Block, type HoldoutDoc } from './model.ts';

const p = (seed: number, n: number): Block => ({ kind: 'para', runs: [zhText(seed, n)] });
const h = (level: number, text: string): Block => ({ kind: 'heading', level, text });

export const zhTwoColumn: HoldoutDoc = {
  name: 'zh-two-column',
  lang: 'zh',
  header: '工程结构学报　2024年第3期',
  footer: '#',
  blocks: [
    { kind: 'title', text: '高层框架剪力墙结构的地震响应分析' },
    { kind: 'para', style: 'meta', runs: ['张明　李华　王芳'] },
    { kind: 'para', style: 'abstract', runs: [`摘要：${zhText(101, 4)}`] },
    { kind: 'para', style: 'abstract', runs: ['关键词：框架剪力墙；地震响应；位移角；优化设计'] },
    {
      kind: 'columns',
      count: 2,
      blocks: [
        h(2, '一、引言'),
        { kind: 'para', runs: [zhText(102, 5), { note: '基金项目：国家自然科学基金资助项目。' }, zhText(103, 3)] },
        p(104, 6),
        h(2, '二、研究方法'),
        h(3, '（一）模型建立'),
        p(105, 6),
        h(3, '（二）荷载工况'),
        p(106, 5),
        h(2, '三、结果分析'),
        p(107, 7),
        { kind: 'para', style: 'caption', runs: ['表1　层间位移角比较'] },
        {
          kind: 'table',
          ruled: true,
          rows: rowsOf('楼层|方案A|方案B', '1|1/1850|1/2210', '10|1/1320|1/1605', '20|1/1108|1/1390'),
        },
        p(108, 5),
        h(2, '四、结论'),
        p(109, 5),
      ],
    },
  ],
};

export const zhReport: HoldoutDoc = {
  name: 'zh-report',
  lang: 'zh',
  header: '年度工作报告',
  footer: '第 # 页',
  blocks: [
    { kind: 'title', text: '二〇二四年度数据中心运行报告' },
    h(2, '第一章　总体情况'),
    p(111, 6),
    h(3, '一、运行概况'),
    p(112, 5),
    { kind: 'para', style: 'caption', runs: ['表1　各机房运行指标'] },
    {
      kind: 'table',
      ruled: false,
      rows: rowsOf(
        '机房|机柜数|平均负载|可用率',
        '一号机房|120|62%|99.98%',
        '二号机房|96|55%|99.95%',
        '三号机房|80|71%|99.99%',
        '合计|296|62%|99.97%',
      ),
    },
    h(3, '二、主要问题'),
    p(113, 6),
    h(2, '第二章　改进措施'),
    p(114, 5),
    h(3, '一、设备更新'),
    p(115, 6),
    h(3, '二、人员培训'),
    p(116, 5),
  ],
};

export const mixed: HoldoutDoc = {
  name: 'mixed-en-zh',
  lang: 'zh',
  header: 'Technical Note 技术说明',
  footer: '#',
  blocks: [
    { kind: 'title', text: '基于 Transformer 的文档解析系统 Document Parsing with Transformers' },
    h(2, '1 引言 Introduction'),
    { kind: 'para', runs: [mixedText(121, 5)] },
    h(2, '2 方法 Method'),
    {
      kind: 'para',
      runs: [mixedText(122, 4), { note: 'See the project page for the model weights.' }, mixedText(123, 2)],
    },
    h(3, '2.1 数据集 Dataset'),
    { kind: 'para', runs: [mixedText(124, 4)] },
    { kind: 'para', style: 'caption', runs: ['表 1 Table 1: 实验结果 Results'] },
    {
      kind: 'table',
      ruled: true,
      rows: [
        [{ text: '模型 Model' }, { text: '数据集 Dataset' }, { text: 'F1' }, { text: '速度 Speed' }],
        [{ text: 'Baseline', rowspan: 2 }, { text: '中文 zh' }, { text: '0.91' }, { text: '3.2 页/秒' }],
        rowsOf('英文 en|0.94|3.5 页/秒')[0],
        [{ text: 'Ours', rowspan: 2 }, { text: '中文 zh' }, { text: '0.96' }, { text: '5.8 页/秒' }],
        rowsOf('英文 en|0.97|6.1 页/秒')[0],
      ],
    },
    h(2, '3 结论 Conclusion'),
    { kind: 'para', runs: [mixedText(125, 4)] },
  ],
};

export const zhPaper: HoldoutDoc = {
  name: 'zh-paper',
  lang: 'zh',
  footer: '— # —',
  blocks: [
    { kind: 'title', text: '城市道路交通流量预测方法研究' },
    { kind: 'para', style: 'abstract', runs: [`摘要：${zhText(131, 3)}`] },
    h(2, '1 引言'),
    p(132, 6),
    h(2, '2 数据与方法'),
    h(3, '2.1 数据来源'),
    { kind: 'para', runs: [zhText(133, 5), { note: '数据由市交通管理部门提供。' }, zhText(134, 2)] },
    h(3, '2.2 预测模型'),
    p(135, 6),
    { kind: 'para', style: 'caption', runs: ['表2　不同模型的预测误差'] },
    {
      kind: 'table',
      ruled: true,
      rows: [
        [
          { text: '模型', rowspan: 2 },
          { text: '平均绝对误差', colspan: 2 },
          { text: '耗时（秒）', rowspan: 2 },
        ],
        rowsOf('工作日|节假日')[0],
        ...rowsOf('线性回归|12.4|15.8|0.3', '随机森林|9.7|11.2|2.1', '神经网络|8.1|9.6|5.4'),
      ],
    },
    h(2, '3 结论'),
    p(136, 5),
  ],
};
