// Placeholder: counter, ping and pong demo features land with the runner side (issue 3).
