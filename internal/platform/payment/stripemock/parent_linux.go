package stripemock

import (
	"os/exec"
	"syscall"
)

// setParentDeath kills stripe-mock with the test binary, even one that
// crashes before Run stops it.
func setParentDeath(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
