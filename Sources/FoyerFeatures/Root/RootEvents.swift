import DuetTelemetry

/// The events the root emits.
enum RootEvents {
  /// The app finished launching; `path` says which route ended the splash, spelled for a dashboard.
  static func splashCompleted(path: SplashCompletionPath) -> TrackedEvent {
    let spelled: String
    switch path {
    case .ceremony: spelled = "ceremony"
    case .safetyNet: spelled = "safety_net"
    }
    return TrackedEvent(subject: "Splash", verb: .completed, params: [.string(key: "path", value: spelled)])
  }
}
