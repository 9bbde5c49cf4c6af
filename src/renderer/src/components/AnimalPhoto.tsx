import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { EnvironmentName, Pet } from '../../../shared/contract';
import { call } from '../api';
import { createPhotoCache } from './photo-cache';
import './animal-photo.css';

/** Thumbnails kept beyond those on screen: a few screens of rows, each a few KB. */
const THUMBNAILS_KEPT = 300;
const thumbnails = createPhotoCache(THUMBNAILS_KEPT);

// One observer for every thumbnail on the page; each is told once, when it comes near the screen.
const whenSeen = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;
function onceOnScreen(element: Element, seen: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        whenSeen.get(entry.target)?.();
        whenSeen.delete(entry.target);
        observer!.unobserve(entry.target);
      }
    },
    // A row's photo is asked for a little before the row scrolls in.
    { rootMargin: '200px 0px' },
  );
  whenSeen.set(element, seen);
  observer.observe(element);
  return () => {
    whenSeen.delete(element);
    observer?.unobserve(element);
  };
}

interface Props {
  environment: EnvironmentName;
  pet: Pick<Pet, 'id' | 'name' | 'photo'>;
  /** The side of the square it is shown in, in CSS pixels (the thumbnail keeps its shape inside). */
  size: number;
  /** Beside the animal's name (a row), the image says nothing more: its text alternative is empty. */
  decorative?: boolean;
}

/**
 * An animal's thumbnail, asked of main only once the element is on screen (or about to be), and
 * shown from the bytes main gave (a blob: URL, kept by digest). Until then, and for an animal
 * without a photo, an empty square of the same size: a list scrolls without waiting for a photo.
 */
export function AnimalThumbnail({ environment, pet, size, decorative = false }: Props) {
  const box = useRef<HTMLSpanElement>(null);
  const [seen, setSeen] = useState(false);
  const [shown, setShown] = useState<{ digest: string; url: string } | null>(null);
  const digest = pet.photo;
  const petId = pet.id;
  // Not shown yet (a server's photo not yet brought to this computer): asked again whenever the
  // animal is listed again, as it is when the sync has brought something.
  const askedAgain = shown === null ? pet : null;

  useEffect(() => {
    if (digest === undefined || seen) return;
    return onceOnScreen(box.current!, () => setSeen(true));
  }, [digest, seen]);

  useEffect(() => {
    if (digest === undefined || !seen) return;
    let current = true;
    const load = async () => {
      const photo = await call('photoBytes', { environment, petId, size: 'thumbnail', digest });
      // Another photo since this one was listed: the list brings its digest next.
      return photo !== null && photo.digest === digest ? photo.bytes : null;
    };
    thumbnails.acquire(digest, load).then(
      (url) => current && setShown(url === null ? null : { digest, url }),
      () => current && setShown(null),
    );
    return () => {
      current = false;
      thumbnails.release(digest);
    };
  }, [digest, seen, environment, petId, askedAgain]);

  const url = shown !== null && shown.digest === digest ? shown.url : null;
  return (
    <span
      ref={box}
      className="animal-thumbnail"
      style={{ '--thumbnail-size': `${size}px` } as CSSProperties}
      data-photo={digest === undefined ? 'none' : url !== null ? 'shown' : seen ? 'asked' : 'waiting'}
    >
      {url !== null && <img src={url} alt={decorative ? '' : `Photo of ${pet.name}`} decoding="async" />}
    </span>
  );
}
