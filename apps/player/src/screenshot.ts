/**
 * What the screen shows, as a JPEG (issue 29 item 4): every visible image and video of the stage (the current
 * item, the live stream's frame or its live image) drawn where it is on screen, object-fit: contain, over
 * black; the idle screen as its clock and store name. The media are the player's own object URLs (same
 * origin), so the canvas is never tainted.
 */
const MAX_WIDTH = 1280;

function visible(node: HTMLElement): boolean {
  if (node.closest('[hidden]')) return false;
  const layer = node.closest('.layer');
  if (layer && !layer.classList.contains('shown')) return false;
  const style = getComputedStyle(node);
  return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity || '1') > 0;
}

/** The rectangle `object-fit: contain` gives media of this size in `box`. */
export function containRect(width: number, height: number, box: { x: number; y: number; w: number; h: number }) {
  if (width <= 0 || height <= 0) return box;
  const scale = Math.min(box.w / width, box.h / height);
  const w = width * scale;
  const h = height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

export async function captureScreen(root: HTMLElement, quality = 0.8): Promise<string> {
  const area = root.getBoundingClientRect();
  const scale = area.width > MAX_WIDTH ? MAX_WIDTH / area.width : 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#000';
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const node of root.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')) {
    if (!visible(node)) continue;
    const r = node.getBoundingClientRect();
    const box = {
      x: (r.left - area.left) * scale,
      y: (r.top - area.top) * scale,
      w: r.width * scale,
      h: r.height * scale,
    };
    const [width, height] =
      node instanceof HTMLVideoElement ? [node.videoWidth, node.videoHeight] : [node.naturalWidth, node.naturalHeight];
    if (!width || !height || (node instanceof HTMLImageElement && !node.complete)) continue;
    const at = containRect(width, height, box);
    context.drawImage(node, at.x, at.y, at.w, at.h);
  }
  // Text on screen without media (the idle screen's clock and store name, the identify overlay).
  for (const node of root.querySelectorAll<HTMLElement>('.screen p, .identify p')) {
    if (!visible(node) || !node.textContent) continue;
    const r = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    context.fillStyle = style.color || '#fff';
    context.font = `${Math.round(Number.parseFloat(style.fontSize) * scale)}px sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(
      node.textContent,
      (r.left - area.left + r.width / 2) * scale,
      (r.top - area.top + r.height / 2) * scale,
    );
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('the screen could not be encoded as JPEG');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
