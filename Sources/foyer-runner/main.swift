import DuetReplay
import FoyerFeatures

// The replay-protocol endpoint for Foyer: the verifier's stdio server over the app's registry.
ReplayServer.serve(registry: foyerRegistry)
