// The local engine's long-poll hold: how long an async_check of an unfinished task waits for its end
// before answering. 25 s suits clients that poll (their read timeouts are 30 s); a client that checks a
// task once, such as RAGFlow's Go parser, needs a hold longer than its longest parse. The app itself
// never waits on it (it asks for the status at once, with page progress).
import type { Settings } from '../../../../shared/task.ts';
import { registerMessages, useT } from '../../i18n/index.ts';
import { useSettings } from '../../stores/settings.ts';
import { Row } from './Field.tsx';
import { NumberField } from './ParseSection.tsx';

/** As main checks it (electron/services/settings/validate.ts). */
const MAX_SECONDS = 600;

registerMessages('settings', {
  en: {
    'longPoll.label': 'Status check hold',
    'longPoll.hint':
      'How long the local engine holds a status check of an unfinished task before it answers (long poll). 25 s suits most clients; RAGFlow’s Go parser checks once, so give it more than your longest parse. 0 answers at once.',
    'longPoll.unit': 'seconds',
  },
  'zh-CN': {
    'longPoll.label': '状态查询等待',
    'longPoll.hint':
      '本地引擎对未完成任务的状态查询最多等待多久再回答（长轮询）。25 秒适合大多数客户端；RAGFlow 的 Go 解析器只查询一次，请设为比最长的解析更长。0 表示立即回答。',
    'longPoll.unit': '秒',
  },
});

export function LongPollRow({ settings }: { settings: Settings }) {
  const t = useT();
  const update = useSettings((s) => s.update);
  return (
    <Row label={t('settings.longPoll.label')} htmlFor="long-poll-seconds" hint={t('settings.longPoll.hint')}>
      <div className="threshold-fields">
        <NumberField
          id="long-poll-seconds"
          value={settings.engineLongPollSeconds}
          min={0}
          max={MAX_SECONDS}
          onCommit={(v) => void update({ engineLongPollSeconds: v })}
        />
        <span className="unit">{t('settings.longPoll.unit')}</span>
      </div>
    </Row>
  );
}
