/**
 * What a command is reading at the moment, for its progress bar: the input layer (a file read whole) and the event
 * log reader (a log read as a stream) set it when they start a file; the bar looks at it a few times a second. One
 * per process: a command reads one input at a time.
 */
export interface InputMeter {
  /** The file as the user named it. */
  file: string;
  totalBytes: number;
  /** Bytes of the file read so far. */
  bytesRead: () => number;
}

let current: InputMeter | undefined;

/** Says which file is being read now (undefined once none is). */
export function meterInput(meter: InputMeter | undefined): void {
  current = meter;
}

export function currentInput(): InputMeter | undefined {
  return current;
}
