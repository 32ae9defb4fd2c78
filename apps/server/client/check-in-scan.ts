// The steward's scan page (issue 32 #3): the phone's camera in the browser, each frame read by
// jsQR (npm, bundled into this script and served by the app — never a CDN). A credential's QR code
// found → its link goes into the code field and the form is sent (the same as typing it). Without
// a camera (or permission), the typed code is the way.
import jsQR from 'jsqr';

function start(): void {
  const button = document.getElementById('start-camera') as HTMLButtonElement | null;
  const video = document.getElementById('scan-video') as HTMLVideoElement | null;
  const canvas = document.getElementById('scan-canvas') as HTMLCanvasElement | null;
  const form = document.getElementById('code-form') as HTMLFormElement | null;
  const input = document.getElementById('code') as HTMLInputElement | null;
  const status = document.getElementById('camera-status');
  const camera = document.getElementById('camera');
  if (!button || !video || !canvas || !form || !input) return;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || !navigator.mediaDevices?.getUserMedia) {
    if (status) status.textContent = camera?.dataset.unavailable ?? '';
    button.disabled = true;
    return;
  }
  let stream: MediaStream | null = null;
  const stop = () => stream?.getTracks().forEach((t) => t.stop());

  const scan = () => {
    if (!stream) return;
    if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
      // A smaller copy is enough for a QR code held in front of the camera, and much faster.
      const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      if (code?.data) {
        input.value = code.data;
        stop();
        stream = null;
        form.submit();
        return;
      }
    }
    requestAnimationFrame(scan);
  };

  button.addEventListener('click', () => {
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        video.srcObject = s;
        video.hidden = false;
        return video.play();
      })
      .then(() => requestAnimationFrame(scan))
      .catch(() => {
        if (status) status.textContent = camera?.dataset.unavailable ?? '';
      });
  });
  // Straight back to the camera after a check-in: the steward scans the next one.
  if (document.getElementById('check-in-done') || !document.getElementById('identity')) {
    if (new URLSearchParams(location.search).has('camera')) button.click();
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
