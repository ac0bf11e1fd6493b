//go:build !linux

package stripemock

import "os/exec"

// setParentDeath has no portable equivalent: Run stops stripe-mock.
func setParentDeath(*exec.Cmd) {}
