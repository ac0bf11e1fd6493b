package httpapi

import (
	"io"
	"net/http"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/i18n"
)

type registerRequest struct {
	Email         string `json:"email"`
	Phone         string `json:"phone"`
	Lastname      string `json:"lastname"`
	Firstname     string `json:"firstname"`
	Password      string `json:"password"`
	Role          string `json:"role"`
	TosIsAccepted bool   `json:"tosIsAccepted"`
	Locale        string `json:"locale"`
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	var in registerRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Accounts.Register(r.Context(), account.Registration{
		Email: in.Email, Phone: in.Phone, Firstname: in.Firstname, Lastname: in.Lastname, Password: in.Password,
		Role: in.Role, Locale: in.Locale, TosIsAccepted: in.TosIsAccepted, Domain: i18n.DomainFrom(r.Context()),
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, t)
	return nil
}

type resetRequestBody struct {
	Email string `json:"email"`
}

type resetRequestReply struct {
	Success          bool   `json:"success"`
	Message          string `json:"message"`
	AlreadyRequested bool   `json:"already_requested"`
}

func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var in resetRequestBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := s.Accounts.RequestPasswordReset(r.Context(), in.Email, clientip.Of(r))
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	key := "reset_password.request.sent"
	if res.AlreadyRequested {
		key = "reset_password.request.already_requested"
	}
	writeJSON(w, http.StatusOK, resetRequestReply{Success: !res.AlreadyRequested, Message: s.Texts.T(lang, key), AlreadyRequested: res.AlreadyRequested})
	return nil
}

type resetBody struct {
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
	Token           string `json:"token"`
}

type successReply struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in resetBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	token := r.PathValue("token")
	if in.Token != "" && in.Token != token {
		return apperr.Validation(map[string]string{"token": "reset_password.errors.invalid_token"})
	}
	if err := s.Accounts.ResetPassword(r.Context(), token, in.NewPassword, in.ConfirmPassword); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, successReply{Success: true, Message: s.Texts.T(i18n.LangFrom(r.Context()), "reset_password.success")})
	return nil
}

type changePasswordBody struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in changePasswordBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.ChangePassword(r.Context(), c, in.CurrentPassword, in.NewPassword); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, successReply{Success: true, Message: s.Texts.T(i18n.LangFrom(r.Context()), "security.password_changed")})
	return nil
}

type localeBody struct {
	Locale string `json:"locale"`
}

func (s *Server) changeLocale(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in localeBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.ChangeLocale(r.Context(), c, in.Locale); err != nil {
		return err
	}
	// The cookie makes the choice stick on every host of this browser.
	http.SetCookie(w, &http.Cookie{Name: "locale", Value: in.Locale, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, successReply{Success: true, Message: s.Texts.T(in.Locale, "account.locale_changed")})
	return nil
}

type personalInfoBody struct {
	Firstname string `json:"firstname"`
	Lastname  string `json:"lastname"`
}

func (s *Server) updatePersonalInfo(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in personalInfoBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.UpdatePersonalInfo(r.Context(), c, in.Firstname, in.Lastname); err != nil {
		return err
	}
	return s.me(w, r, c)
}

type emailBody struct {
	Email string `json:"email"`
}

func (s *Server) changeEmail(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in emailBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Accounts.ChangeEmail(r.Context(), c, in.Email)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

type phoneBody struct {
	Phone string `json:"phone"`
}

func (s *Server) checkPhone(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in phoneBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.SendPhoneCode(r.Context(), c, in.Phone, clientip.Of(r)); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, successReply{Success: true, Message: s.Texts.T(i18n.LangFrom(r.Context()), "account.phone.code_sent")})
	return nil
}

type phoneVerifyBody struct {
	Phone string `json:"phone"`
	Code  string `json:"code"`
}

type phoneVerifyReply struct {
	Success bool   `json:"success"`
	Phone   string `json:"phone"`
}

func (s *Server) verifyPhone(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in phoneVerifyBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	phone, err := s.Accounts.VerifyPhone(r.Context(), c, in.Phone, in.Code)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, phoneVerifyReply{Success: true, Phone: phone})
	return nil
}

type deleteBody struct {
	Reason string `json:"reason"`
}

func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in deleteBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.DeleteAccount(r.Context(), c, in.Reason); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type imageReply struct {
	Image struct {
		URL string `json:"url"`
	} `json:"image"`
}

// maxUploadBody leaves room for the multipart envelope around a 10 MB image.
const maxUploadBody = account.AvatarMaxBytes + 64<<10

func (s *Server) uploadProfileImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	data, err := readUpload(w, r, "image", maxUploadBody)
	if err != nil {
		return err
	}
	url, err := s.Accounts.UploadAvatar(r.Context(), c, data)
	if err != nil {
		return err
	}
	var out imageReply
	out.Image.URL = url
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) deleteProfileImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.Accounts.DeleteAvatar(r.Context(), c); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// readUpload reads one file field of a multipart body of at most limit bytes.
func readUpload(w http.ResponseWriter, r *http.Request, field string, limit int64) ([]byte, error) {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		if bodyTooLarge(err) {
			return nil, apperr.Wrap(apperr.TooLarge, "profile_image.errors.too_large", err)
		}
		return nil, apperr.Wrap(apperr.UnsupportedType, "errors.unsupported_media_type", err)
	}
	defer r.MultipartForm.RemoveAll()
	if name, bad := invalidUTF8Form(r.MultipartForm); bad {
		return nil, &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
			Fields: map[string]string{name: "validation.invalid_utf8"}}
	}
	f, _, err := r.FormFile(field)
	if err != nil {
		return nil, apperr.Validation(map[string]string{field: "validation.required"})
	}
	defer f.Close()
	return io.ReadAll(f)
}

type impersonateBody struct {
	UserID string `json:"user_id"`
}

type impersonationReply struct {
	Token        string     `json:"token"`
	RefreshToken string     `json:"refresh_token"`
	User         meResponse `json:"user"`
}

func (s *Server) impersonate(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in impersonateBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, p, err := s.Accounts.Impersonate(r.Context(), c, in.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, impersonationReply{Token: t.Access, RefreshToken: t.Refresh, User: toMe(p)})
	return nil
}

func (s *Server) stopImpersonating(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	t, p, err := s.Accounts.StopImpersonating(r.Context(), c)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, impersonationReply{Token: t.Access, RefreshToken: t.Refresh, User: toMe(p)})
	return nil
}

type urlReply struct {
	URL *string `json:"url"`
}

func (s *Server) profileURL(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	p, err := s.Accounts.Me(r.Context(), c)
	if err != nil {
		return err
	}
	var out urlReply
	if p.PublicURL != "" {
		out.URL = &p.PublicURL
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
