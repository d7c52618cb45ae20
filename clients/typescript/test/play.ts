// Play seats of a game through the client until it is over, each reacting to the views its
// subscription brings, and keep every move each seat received.
import {
  NetworkError,
  VersionConflictError,
  type MoveMessage,
  type Seat,
  type SubscribeOptions,
  type Subscription,
  type View,
} from "@serenissima/client";

export interface Played {
  /** The seat's last view (the game is over). */
  view: View;
  /** The versions of the moves the seat received, in order. */
  versions: number[];
  moves: MoveMessage[];
  /** How many actions the seat sent. */
  actions: number;
  subscription: Subscription;
}

/** Play `seat` to the end from its views, choosing a legal action with `pick`. */
export function playSeat(
  seat: Seat,
  pick: () => number,
  more: Omit<SubscribeOptions, "token" | "onMove" | "onView" | "onError"> & {
    onMove?: (move: MoveMessage, subscription: Subscription) => void;
    /** Let an action fail to reach the server (it is down): act again on the next view. */
    unreachable?: boolean;
  } = {},
): Promise<Played> {
  return new Promise((resolve, reject) => {
    const versions: number[] = [];
    const moves: MoveMessage[] = [];
    let actedAt = -1;
    let actions = 0;
    const subscription: Subscription = seat.subscribe({
      ...more,
      onMove: (move) => {
        versions.push(move.version);
        moves.push(move);
        more.onMove?.(move, subscription);
      },
      onView: async (view) => {
        if (view.over) {
          subscription.close();
          resolve({ view, versions, moves, actions, subscription });
          return;
        }
        if (view.to_act !== seat.seat || view.legal.length === 0 || actedAt === view.version) {
          return;
        }
        actedAt = view.version;
        const action = view.legal[Math.floor(pick() * view.legal.length)];
        if (action === undefined) throw new Error("no legal action");
        try {
          actions += 1;
          await seat.act(action.text, view.version);
        } catch (error) {
          if (more.unreachable === true && error instanceof NetworkError) {
            actedAt = -1; // the server is down: the view comes again once it is back
            return;
          }
          if (!(error instanceof VersionConflictError)) throw error; // a newer view follows
        }
      },
      onError: reject,
    });
  });
}

/** The numbers from 1 to `last`. */
export function upTo(last: number): number[] {
  return Array.from({ length: last }, (_, index) => index + 1);
}
