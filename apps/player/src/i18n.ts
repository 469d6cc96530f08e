/** The player's texts, for installers and store staff looking at the screen, in the console's four languages. */
const TEXTS = {
  en: {
    serial: 'Serial number',
    waiting: 'Waiting for registration in the console.',
    enterPin: 'Enter the PIN shown in the console.',
    pair: 'Pair',
    clear: 'Clear',
    pairing: 'Pairing…',
    offline: 'Cannot reach the server. Retrying…',
    pairedElsewhere: 'This player is already paired. To pair it again, delete it in the console and register it anew.',
    idle: 'Nothing is scheduled',
    store: 'Store',
    version: 'Player version',
    lastSync: 'Last sync',
    cache: 'Offline storage',
    next: 'Next schedule',
    plan: 'Plan version',
    none: 'None',
    onScreen: 'On screen',
    liveMark: 'LIVE',
    offAir: 'Off air',
    onAirFor: 'On air · {time}',
    liveStreaming: 'live stream, on air',
    liveImage: 'live image, stream off air',
    identifyStoreCode: 'Store code',
    identifyPlayer: 'Player',
  },
  ja: {
    serial: 'シリアル番号',
    waiting: 'コンソールでの登録を待っています。',
    enterPin: 'コンソールに表示された PIN を入力してください。',
    pair: 'ペアリング',
    clear: 'クリア',
    pairing: 'ペアリング中…',
    offline: 'サーバーに接続できません。再試行しています…',
    pairedElsewhere:
      'このプレイヤーはペアリング済みです。再度ペアリングするには、コンソールで削除して登録し直してください。',
    idle: 'スケジュールはありません',
    store: '店舗',
    version: 'プレイヤーのバージョン',
    lastSync: '最終同期',
    cache: 'オフライン保存',
    next: '次のスケジュール',
    plan: '配信バージョン',
    none: 'なし',
    onScreen: '表示中',
    liveMark: 'ライブ',
    offAir: 'オフエア',
    onAirFor: '配信中 · {time}',
    liveStreaming: 'ライブ配信（放送中）',
    liveImage: 'ライブ画像（オフエア）',
    identifyStoreCode: '店舗コード',
    identifyPlayer: 'プレイヤー',
  },
  tw: {
    serial: '序號',
    waiting: '等待在主控台註冊。',
    enterPin: '請輸入主控台顯示的 PIN。',
    pair: '配對',
    clear: '清除',
    pairing: '配對中…',
    offline: '無法連線到伺服器，正在重試…',
    pairedElsewhere: '此播放器已配對。若要重新配對，請在主控台刪除後重新註冊。',
    idle: '沒有排程',
    store: '店鋪',
    version: '播放器版本',
    lastSync: '最後同步',
    cache: '離線儲存',
    next: '下一個排程',
    plan: '發送版本',
    none: '無',
    onScreen: '畫面內容',
    liveMark: '直播',
    offAir: '未在直播',
    onAirFor: '直播中 · {time}',
    liveStreaming: '直播串流（直播中）',
    liveImage: '直播圖片（未在直播）',
    identifyStoreCode: '店舗代碼',
    identifyPlayer: '播放器',
  },
  ko: {
    serial: '시리얼 번호',
    waiting: '콘솔에서 등록을 기다리는 중입니다.',
    enterPin: '콘솔에 표시된 PIN을 입력하세요.',
    pair: '페어링',
    clear: '지우기',
    pairing: '페어링 중…',
    offline: '서버에 연결할 수 없습니다. 다시 시도하는 중…',
    pairedElsewhere: '이 플레이어는 이미 페어링되어 있습니다. 다시 페어링하려면 콘솔에서 삭제한 후 다시 등록하세요.',
    idle: '예정된 스케줄이 없습니다',
    store: '매장',
    version: '플레이어 버전',
    lastSync: '마지막 동기화',
    cache: '오프라인 저장',
    next: '다음 스케줄',
    plan: '배포 버전',
    none: '없음',
    onScreen: '화면 표시',
    liveMark: '라이브',
    offAir: '방송 중 아님',
    onAirFor: '방송 중 · {time}',
    liveStreaming: '라이브 스트림(방송 중)',
    liveImage: '라이브 이미지(방송 중 아님)',
    identifyStoreCode: '매장 코드',
    identifyPlayer: '플레이어',
  },
} as const;

export type PlayerLanguage = keyof typeof TEXTS;
export type TextKey = keyof (typeof TEXTS)['en'];

/** ?lang=ja|en|tw|ko, else the browser's language (zh-TW / zh-Hant is tw), else English. */
export function languageOf(search: string, navigatorLanguage: string): PlayerLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (asked && asked in TEXTS) return asked as PlayerLanguage;
  const lower = navigatorLanguage.toLowerCase();
  if (lower.startsWith('ja')) return 'ja';
  if (lower.startsWith('ko')) return 'ko';
  if (lower.startsWith('zh')) return 'tw';
  return 'en';
}

export function textsOf(language: PlayerLanguage): Record<TextKey, string> {
  return TEXTS[language];
}

export const PLAYER_TEXTS = TEXTS;
