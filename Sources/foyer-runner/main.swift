import DuetReplay
import FoyerFeatures

// The replay-protocol endpoint for Foyer: the verifier's stdio server over the app's registry.
// Named `foyer-runner`, not `replay-runner`: that product name belongs to the app that depends on
// this package (Examples/foyer-runner shows such an app's runner package).
ReplayServer.serve(registry: foyerRegistry)
