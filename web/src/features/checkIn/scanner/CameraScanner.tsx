import { Button, Callout, HTMLSelect } from '@blueprintjs/core';
import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { scannerMessages as m } from './messages';

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The camera (qr-scanner): started on request, a choice of cameras once permission is given, the torch where
 * the camera has one ("Flash not available" otherwise), a way forward when permission is denied, and a photo
 * of a code as a fallback. Every decoded code goes to `onCode`; the page ignores repeats.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });
  const [state, setState] = useState<CameraState>('off');
  const [cameras, setCameras] = useState<QrScanner.Camera[]>([]);
  const [camera, setCamera] = useState<string>('environment');
  const [torch, setTorch] = useState<boolean | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => () => scanner.current?.destroy(), []);

  const start = async () => {
    if (!video.current) return;
    setState('starting');
    scanner.current ??= new QrScanner(video.current, (result) => latest.current(result.data), {
      returnDetailedScanResult: true,
      highlightScanRegion: true,
      preferredCamera: camera,
    });
    try {
      await scanner.current.start();
      setState('on');
      setCameras(await QrScanner.listCameras(true));
      setTorch(await scanner.current.hasFlash());
    } catch {
      setState((await cameraRefused()) ? 'denied' : 'unavailable');
    }
  };

  const stop = () => {
    scanner.current?.stop();
    setState('off');
    setTorchOn(false);
  };

  const choose = async (deviceId: string) => {
    setCamera(deviceId);
    if (!scanner.current) return;
    await scanner.current.setCamera(deviceId);
    setTorch(await scanner.current.hasFlash());
    setTorchOn(false);
  };

  const scanImage = async (file: File | undefined) => {
    if (!file) return;
    setImageFailed(false);
    try {
      const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true });
      latest.current(result.data);
    } catch {
      setImageFailed(true);
    }
  };

  return (
    <section className="scanner-camera" aria-label={intl.formatMessage(m.camera)}>
      <div className="scanner-camera__frame" hidden={state !== 'on' && state !== 'starting'}>
        <video ref={video} className="scanner-camera__video" muted playsInline />
      </div>
      {state === 'denied' ? (
        <Callout intent="warning" icon="camera" title={intl.formatMessage(m.permissionDenied)}>
          <p>{intl.formatMessage(m.permissionHelp)}</p>
          <Button icon="refresh" text={intl.formatMessage(m.retry)} onClick={() => void start()} />
        </Callout>
      ) : null}
      {state === 'unavailable' ? (
        <Callout intent="warning" icon="camera">
          {intl.formatMessage(m.noCamera)}
        </Callout>
      ) : null}
      <div className="scanner-camera__controls">
        {state === 'on' ? (
          <Button icon="stop" text={intl.formatMessage(m.stopCamera)} onClick={stop} />
        ) : (
          <Button
            icon="camera"
            intent="primary"
            loading={state === 'starting'}
            text={intl.formatMessage(m.startCamera)}
            onClick={() => void start()}
          />
        )}
        {state === 'on' && cameras.length > 1 ? (
          <HTMLSelect
            aria-label={intl.formatMessage(m.chooseCamera)}
            value={camera}
            onChange={(changed) => void choose(changed.currentTarget.value)}
          >
            {cameras.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        ) : null}
        {state === 'on' && torch === true ? (
          <Button
            icon="flash"
            active={torchOn}
            text={intl.formatMessage(torchOn ? m.torchOff : m.torchOn)}
            onClick={() => {
              void scanner.current
                ?.toggleFlash()
                .then(() => setTorchOn(scanner.current?.isFlashOn() ?? false));
            }}
          />
        ) : null}
        {state === 'on' && torch === false ? (
          <span className="scanner-camera__note">{intl.formatMessage(m.noTorch)}</span>
        ) : null}
      </div>
      <div>
        <Button
          icon="media"
          text={intl.formatMessage(m.scanImage)}
          onClick={() => imageInput.current?.click()}
        />
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={intl.formatMessage(m.scanImage)}
          onChange={(changed) => {
            const file = changed.currentTarget.files?.[0];
            changed.currentTarget.value = '';
            void scanImage(file);
          }}
        />
      </div>
      {imageFailed ? <p className="scanner-camera__note">{intl.formatMessage(m.noCodeInImage)}</p> : null}
    </section>
  );
}

/**
 * qr-scanner reports every failure as "Camera not found."; asking for the camera once more tells a refused
 * permission (NotAllowedError) from a missing camera.
 */
async function cameraRefused(): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return false;
  } catch (error) {
    return (
      error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    );
  }
}
