import DuetCore

/// A feature's effect payload that can carry an analytics event.
///
/// The recordings write a tracked event as `{"kind":"run","payload":{"case":"track","value":{"event":…}}}`,
/// so a feature's payload enum declares exactly `case track(event: TrackedEvent)`; that case is
/// this protocol's witness, and `Effect.track(_:)` is then available to its reducer. It refines
/// `CanonicalSumCodable` because the envelope is a case/value sum: a payload that forgot the marker
/// would record Swift's `{"track":{…}}` shape, which neither the gate nor the Kotlin core reads.
public protocol TrackingEffectPayload: CanonicalSumCodable, Sendable, Equatable {
  /// The case that carries an event (`case track(event: TrackedEvent)`).
  static func track(event: TrackedEvent) -> Self
}

extension Effect where Payload: TrackingEffectPayload {
  /// Emits `event` as a fire-and-forget effect (no id: nothing ever cancels an event).
  ///
  /// Where an event rides beside a delegate effect, list it first: the delegate can tear down the
  /// store that would run it.
  public static func track(_ event: TrackedEvent) -> Effect {
    .run(.track(event: event))
  }
}
