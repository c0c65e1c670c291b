/// A sink that accepts every call and does nothing: the tracking slot's working default.
///
/// An app with no vendor yet still wires a tracking sink into its fan-out, so that adding a real
/// one later changes the composition root only, never a call site. It holds nothing, so its slot
/// in a fan-out needs no lock.
public struct NoOpTrackingSink: AnalyticsSink, ConsentOrderingSink {
  /// The no-op sink.
  public init() {}

  public func track(event: TrackedEvent) {}

  public func identify(uid: String) {}

  public func reset() {}

  public func setEnabled(_ enabled: Bool) {}
}
